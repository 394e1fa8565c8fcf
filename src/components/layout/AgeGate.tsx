import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useMatches } from '@tanstack/react-router'
import { useState } from 'react'
import { useI18n } from '../../lib/locale'

const STORAGE_KEY = 'ageConfirmed'
/** Where "under 18" leaves to. */
export const AGE_GATE_EXIT_URL = 'https://www.google.com/'
/** Search engines and prerender services see the content without the gate. */
const BOT_USER_AGENT = /bot|crawler|spider|crawling|prerender|headlesschrome-prerender|lighthouse|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|whatsapp|telegrambot/i

function isConfirmed(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === '1'
  } catch {
    return false
  }
}

export function isGateSkippedForAgent(userAgent: string): boolean {
  return BOT_USER_AGENT.test(userAgent)
}

/** The youth-protection gate over the layout (spec section 2, Age gate). */
export function AgeGate() {
  const { LL } = useI18n()
  const matches = useMatches()
  const [confirmed, setConfirmed] = useState(isConfirmed)
  const optedOut = matches.some((match) => match.staticData?.ageGate === false)
  const open = !confirmed && !optedOut && !isGateSkippedForAgent(navigator.userAgent)

  const confirm = () => {
    try {
      localStorage.setItem(STORAGE_KEY, '1')
    } catch {
      // Without storage the gate simply asks again next time.
    }
    setConfirmed(true)
  }

  return (
    <Modal
      opened={open}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      size="lg"
      overlayProps={{ backgroundOpacity: 0.85, blur: 12 }}
      title={LL.layout.ageGate.title()}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
    >
      <Stack gap="lg">
        <Text>{LL.layout.ageGate.text()}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" component="a" href={AGE_GATE_EXIT_URL} rel="noreferrer">
            {LL.layout.ageGate.deny()}
          </Button>
          <Button onClick={confirm} data-autofocus>
            {LL.layout.ageGate.confirm()}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}

/**
 * Small icons (decorative: the text next to them carries the meaning). Each is a reference into
 * the page's one sprite (IconSprite, drawn once by the layout): a list page shows dozens of the
 * same few icons, and each copy of a path would be drawn, sent and parsed again.
 */
const PATHS = {
  up: 'M2 21h4V9H2v12Zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6v-.3c0-.4-.2-.8-.4-1.1L13.2 1 6.6 7.6c-.4.4-.6.9-.6 1.4v10a2 2 0 0 0 2 2h9c.8 0 1.5-.5 1.8-1.2l3-7.1c.1-.2.2-.5.2-.7v-2Z',
  eye: 'M12 5C7 5 2.7 8.1 1 12c1.7 3.9 6 7 11 7s9.3-3.1 11-7c-1.7-3.9-6-7-11-7Zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9Zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Z',
  play: 'M8 5v14l11-7z',
  images: 'M22 16V4a2 2 0 0 0-2-2H8a2 2 0 0 0-2 2v12c0 1.1.9 2 2 2h12a2 2 0 0 0 2-2Zm-11-4 2 2.7 3-3.7 4 5H8l3-4ZM2 6v14a2 2 0 0 0 2 2h14v-2H4V6H2Z',
  person: 'M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5Z',
  calendar: 'M19 4h-1V2h-2v2H8V2H6v2H5a2 2 0 0 0-2 2v14c0 1.1.9 2 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2Zm0 16H5V10h14v10Z',
} as const

type IconName = keyof typeof PATHS | 'down'

/** The icons' shapes, once per page (SiteLayout): every icon below refers to one of them. */
export function IconSprite() {
  return (
    <svg aria-hidden="true" width="0" height="0" style={{ position: 'absolute', overflow: 'hidden' }}>
      {Object.entries(PATHS).map(([name, d]) => (
        <symbol key={name} id={`i-${name}`} viewBox="0 0 24 24">
          <path d={d} />
        </symbol>
      ))}
      <symbol id="i-down" viewBox="0 0 24 24">
        <path d={PATHS.up} transform="rotate(180 12 12)" />
      </symbol>
    </svg>
  )
}

function Icon({ name, size }: { name: IconName; size: number }) {
  return (
    <svg width={size} height={size} fill="currentColor" aria-hidden="true">
      <use href={`#i-${name}`} />
    </svg>
  )
}

export const ThumbUpIcon = ({ size = 16 }: { size?: number }) => <Icon name="up" size={size} />
export const ThumbDownIcon = ({ size = 16 }: { size?: number }) => <Icon name="down" size={size} />
export const EyeIcon = ({ size = 16 }: { size?: number }) => <Icon name="eye" size={size} />
export const PlayIcon = ({ size = 40 }: { size?: number }) => <Icon name="play" size={size} />
export const ImagesIcon = ({ size = 16 }: { size?: number }) => <Icon name="images" size={size} />
export const PersonIcon = ({ size = 40 }: { size?: number }) => <Icon name="person" size={size} />
export const CalendarIcon = ({ size = 16 }: { size?: number }) => <Icon name="calendar" size={size} />

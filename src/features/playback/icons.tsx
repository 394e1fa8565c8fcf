/** Icons of the playback area (decorative: the buttons carry their names). */
const base = { width: 18, height: 18, viewBox: '0 0 24 24', 'aria-hidden': true } as const

export function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg {...base} fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth={2}>
      <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.6 4.5c2.1 0 3.6 1.2 5.4 3.2 1.8-2 3.3-3.2 5.4-3.2 3.6 0 5.7 3.9 4.2 7.3C19.5 16.4 12 21 12 21Z" />
    </svg>
  )
}

export function ClockIcon({ filled }: { filled: boolean }) {
  return (
    <svg {...base} fill="none" stroke="currentColor" strokeWidth={2}>
      <circle cx="12" cy="12" r="9" fill={filled ? 'currentColor' : 'none'} />
      <path d="M12 7v5l3 2" stroke={filled ? 'var(--mantine-color-body)' : 'currentColor'} />
    </svg>
  )
}

export function DownloadIcon() {
  return (
    <svg {...base} fill="currentColor">
      <path d="M11 3h2v10.2l3.6-3.6 1.4 1.4-6 6-6-6 1.4-1.4 3.6 3.6V3ZM4 19h16v2H4v-2Z" />
    </svg>
  )
}

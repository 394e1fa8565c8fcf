import { createTheme } from '@mantine/core'

export const theme = createTheme({
  primaryColor: 'pink',
  primaryShade: { light: 7, dark: 7 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
})

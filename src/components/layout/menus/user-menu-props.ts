interface MenuUser {
  email: string
  role: string
  isMember: boolean
}

export interface UserMenuProps {
  me: MenuUser | null
  showBecomeMember: boolean
}

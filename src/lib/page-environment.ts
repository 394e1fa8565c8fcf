import { useRouter } from '@tanstack/react-router'
import type { PageEnvironment } from '../../core/render-contract.js'

export type { PageEnvironment }

export function usePageEnvironment(): PageEnvironment {
  return useRouter().options.context.env
}

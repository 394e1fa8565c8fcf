import { z } from 'zod'

/** ?redirect= of the login area and the verify-email page; anything odd is dropped. */
export const redirectSearch = z.object({
  redirect: z.string().max(2048).optional().catch(undefined),
})

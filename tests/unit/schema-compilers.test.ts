import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { lazySchemaCompilers } from '../../server/http/schema-compilers.js'

describe("Fastify's schema compilers, required at first use", () => {
  it('validate a body and serialize an answer as the default ones do', async () => {
    const app = Fastify({ schemaController: { compilersFactory: lazySchemaCompilers } })
    app.post(
      '/echo',
      {
        schema: {
          body: { type: 'object', required: ['n'], properties: { n: { type: 'integer', minimum: 1 } } },
          response: { 200: { type: 'object', properties: { n: { type: 'integer' } } } },
        },
      },
      async (req) => ({ n: (req.body as { n: number }).n, secret: 'left out by the serializer' }),
    )
    const ok = await app.inject({ method: 'POST', url: '/echo', payload: { n: 3 } })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ n: 3 })
    const bad = await app.inject({ method: 'POST', url: '/echo', payload: { n: 0 } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/must be >= 1/)
    await app.close()
  })
})

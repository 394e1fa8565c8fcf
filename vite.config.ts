import path from 'node:path'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import postcssPresetMantine from 'postcss-preset-mantine'

const root = path.resolve(import.meta.dirname, 'src')
const serverUrl = `http://localhost:${process.env.PORT ?? 3000}`

/** The client: built into dist/client, which the Fastify server serves. */
export default defineConfig({
  root,
  publicDir: path.join(root, 'public'),
  plugins: [
    // Paths are relative to Vite's root (src/).
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'routes', generatedRouteTree: 'routeTree.gen.ts' }),
    react(),
  ],
  css: { postcss: { plugins: [postcssPresetMantine()] } },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/client'),
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    // `npm run dev`: Vite serves the client with hot reload, the API runs beside it.
    proxy: Object.fromEntries(['/trpc', '/media', '/download', '/api', '/dev', '/healthz', '/readyz'].map((p) => [p, serverUrl])),
  },
})

import path from 'node:path'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import postcssPresetMantine from 'postcss-preset-mantine'
import { compression, defineAlgorithm } from 'vite-plugin-compression2'

const root = path.resolve(import.meta.dirname, 'src')

/**
 * Two builds: the browser's (`vite build`: dist/client, with a manifest naming the entry's
 * script and stylesheets) and the server renderer's (`vite build --ssr`: dist/server), which
 * the Fastify server loads to render pages.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root,
  publicDir: path.join(root, 'public'),
  plugins: [
    // Paths are relative to Vite's root (src/).
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'routes', generatedRouteTree: 'routeTree.gen.ts' }),
    react(),
    // Brotli and gzip copies of every built asset, served by @fastify/static (preCompressed).
    ...(isSsrBuild ? [] : [compression({ algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip')], exclude: [/\.map$/], threshold: 1024 })]),
  ],
  css: { postcss: { plugins: [postcssPresetMantine()] } },
  build: isSsrBuild
    ? {
        outDir: path.resolve(import.meta.dirname, 'dist/server'),
        emptyOutDir: true,
        rollupOptions: { input: path.join(root, 'entry-server.tsx') },
      }
    : {
        outDir: path.resolve(import.meta.dirname, 'dist/client'),
        emptyOutDir: true,
        sourcemap: true,
        manifest: true,
        rollupOptions: { input: path.join(root, 'main.tsx') },
      },
}))

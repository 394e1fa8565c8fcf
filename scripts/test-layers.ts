/**
 * npm test: every layer of the checks in turn, stopping at the first that fails, with the time
 * each took (printed after each layer and as a table at the end).
 */
import { spawnSync } from 'node:child_process'

const LAYERS = ['typecheck', 'lint:deps', 'lint', 'build', 'test:vitest', 'test:e2e', 'test:image']
const times: Array<[string, number]> = []

const report = () => {
  console.log('\nnpm test, time per layer:')
  for (const [layer, ms] of times) console.log(`  ${layer.padEnd(12)} ${(ms / 1000).toFixed(1).padStart(7)} s`)
  console.log(`  ${'all'.padEnd(12)} ${(times.reduce((sum, [, ms]) => sum + ms, 0) / 1000).toFixed(1).padStart(7)} s`)
}

for (const layer of LAYERS) {
  const started = performance.now()
  const { status } = spawnSync('npm', ['run', layer], { stdio: 'inherit' })
  times.push([layer, performance.now() - started])
  console.log(`[npm test] ${layer}: ${((performance.now() - started) / 1000).toFixed(1)} s${status === 0 ? '' : ' (failed)'}`)
  if (status !== 0) {
    report()
    process.exit(status ?? 1)
  }
}
report()

import fs from 'node:fs/promises'

/** Wall and CPU seconds of a piece of work (ffmpeg children included). */
export interface Timing {
  wall: number
  cpu: number
}

/** CPU seconds used by this process and its finished children (ffmpeg), from /proc. */
export async function cpuSeconds(): Promise<number> {
  const { own, children } = await cpuSplit()
  return own + children
}

/** CPU seconds of a process (default: this one) and, apart, of its finished children, from /proc. */
export async function cpuSplit(pid: number | 'self' = 'self'): Promise<{ own: number; children: number }> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number)
  const ticks = (i: number) => (fields[i] ?? 0) / 100
  if (pid === 'self') {
    const own = process.cpuUsage()
    return { own: (own.user + own.system) / 1e6, children: ticks(13) + ticks(14) }
  }
  return { own: ticks(11) + ticks(12), children: ticks(13) + ticks(14) }
}

/** Times `work`, printing the label and the result on one line. */
export async function timed(label: string, work: () => Promise<unknown>): Promise<Timing> {
  process.stdout.write(`${label} … `)
  const started = performance.now()
  const cpuBefore = await cpuSeconds()
  await work()
  const timing = { wall: (performance.now() - started) / 1000, cpu: (await cpuSeconds()) - cpuBefore }
  console.log(`${timing.wall.toFixed(1)} s wall, ${timing.cpu.toFixed(1)} s CPU`)
  return timing
}

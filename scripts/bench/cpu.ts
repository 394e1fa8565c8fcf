import fs from 'node:fs/promises'

/** Wall and CPU seconds of a piece of work (ffmpeg children included). */
export interface Timing {
  wall: number
  cpu: number
}

/** CPU seconds used by this process and its finished children (ffmpeg), from /proc. */
export async function cpuSeconds(): Promise<number> {
  const own = process.cpuUsage()
  const stat = await fs.readFile('/proc/self/stat', 'utf8').catch(() => '')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const ticks = Number(fields[13] ?? 0) + Number(fields[14] ?? 0)
  return (own.user + own.system) / 1e6 + ticks / 100
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

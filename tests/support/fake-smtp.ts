import net from 'node:net'

/** A minimal SMTP server that accepts every message and keeps its raw data. */
export async function fakeSmtpServer(): Promise<{ port: number; received: string[]; close: () => Promise<void> }> {
  const received: string[] = []
  const server = net.createServer((socket) => {
    socket.setEncoding('utf8')
    socket.write('220 fake ESMTP\r\n')
    let buffer = ''
    let inData = false
    let body = ''
    socket.on('data', (chunk: string) => {
      buffer += chunk
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        if (inData) {
          if (line === '.') {
            inData = false
            received.push(body)
            body = ''
            socket.write('250 queued\r\n')
          } else body += `${line}\n`
          continue
        }
        const command = line.slice(0, 4).toUpperCase()
        if (command === 'EHLO' || command === 'HELO') socket.write('250-fake\r\n250 OK\r\n')
        else if (command === 'DATA') {
          inData = true
          socket.write('354 go ahead\r\n')
        } else if (command === 'QUIT') socket.end('221 bye\r\n')
        else socket.write('250 OK\r\n')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as net.AddressInfo).port
  return { port, received, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

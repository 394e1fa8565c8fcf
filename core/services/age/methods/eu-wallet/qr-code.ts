/**
 * The wallet request (`av://?…`) as a QR code in SVG: black modules on white with the standard
 * quiet zone of four modules, drawn on the server (the library stays out of the browser's
 * script, and is loaded at the first wallet check, not at every server start). Without a width
 * it fills its box, the viewBox keeping it square.
 */
export async function walletQrSvg(requestUrl: string): Promise<string> {
  const { default: QRCode } = await import('qrcode')
  return QRCode.toString(requestUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 4, color: { dark: '#000000', light: '#ffffff' } })
}

import QRCode from 'qrcode'

/**
 * The wallet request (`av://?…`) as a QR code in SVG: black modules on white with the standard
 * quiet zone of four modules, drawn on the server (the library stays out of the browser's
 * script). Without a width it fills its box, the viewBox keeping it square.
 */
export function walletQrSvg(requestUrl: string): Promise<string> {
  return QRCode.toString(requestUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 4, color: { dark: '#000000', light: '#ffffff' } })
}

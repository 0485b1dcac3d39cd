import QRCode from 'qrcode';

/**
 * A QR code as an SVG data URI, made on the server: it shows without JavaScript, and the page CSP
 * allows data: images (ADR 0014). Payments, invitations and WeChat login all draw theirs here.
 */
export async function qrDataUri(text: string): Promise<string> {
  const svg = await QRCode.toString(text, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 1,
    color: { dark: '#1a202c', light: '#ffffff' },
  });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

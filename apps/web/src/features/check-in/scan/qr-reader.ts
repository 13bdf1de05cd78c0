/** The text of a QR code in the video's current frame, or null when it shows none. */
export type QrReader = (video: HTMLVideoElement) => Promise<string | null>;

/** The browser's own barcode reader (Chrome on Android, macOS and ChromeOS); not in TypeScript's DOM types yet. */
type BarcodeDetectorClass = {
  new (options: { formats: string[] }): { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
  getSupportedFormats(): Promise<string[]>;
};

/** Frames are read at most this wide: a ticket's code fills much of the picture, and jsQR's time grows with the pixels. */
const MAX_WIDTH = 640;

/**
 * A reader for the camera's frames: the browser's BarcodeDetector where it reads QR codes, else
 * jsQR, fetched only now, so the portal's other pages never download it.
 */
export async function createQrReader(): Promise<QrReader> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Detector && (await Detector.getSupportedFormats().catch((): string[] => [])).includes('qr_code')) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    const scale = Math.min(1, MAX_WIDTH / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

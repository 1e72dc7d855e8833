// Reading QR codes at the door with ZXing (@zxing/browser), loaded the first time the check-in
// screen scans: the library is never part of any other page's download.

const reader = async () => new (await import('@zxing/browser')).BrowserQRCodeReader();

/** The text of the QR code in a photo; null when the photo holds none that can be read. */
export async function decodePhoto(file: Blob): Promise<string | null> {
  const url = URL.createObjectURL(file);
  try {
    return (await (await reader()).decodeFromImageUrl(url)).getText();
  } catch {
    return null;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * Scans the camera's picture (the back camera on a phone) into `video` and calls `onText` with
 * each code read. Answers the function that stops the camera.
 */
export async function scanCamera(video: HTMLVideoElement, onText: (text: string) => void): Promise<() => void> {
  const controls = await (await reader()).decodeFromConstraints({ video: { facingMode: 'environment' } }, video, (result) => {
    if (result) onText(result.getText());
  });
  return () => controls.stop();
}

/**
 * A "camera" drawn on a canvas (a head-and-shoulders silhouette), as a MediaStream: stories show a
 * live preview without any device or permission prompt.
 */
export function canvasCameraStream(): MediaStream {
  const canvas = document.createElement('canvas');
  canvas.width = 640;
  canvas.height = 480;
  const context = canvas.getContext('2d');
  if (context) {
    const gradient = context.createLinearGradient(0, 0, 0, 480);
    gradient.addColorStop(0, '#5b7db1');
    gradient.addColorStop(1, '#2c3e5c');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 640, 480);
    context.fillStyle = '#e9c9a8';
    context.beginPath();
    context.arc(320, 200, 80, 0, Math.PI * 2);
    context.fill();
    context.fillStyle = '#1f2937';
    context.beginPath();
    context.ellipse(320, 470, 190, 150, 0, Math.PI, 0);
    context.fill();
  }
  return canvas.captureStream(1);
}

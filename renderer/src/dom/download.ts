// Saving text the renderer made as a file, the browser's way: a Blob behind an object URL and a
// link with a download name (the desktop shell turns it into a save dialog).
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // the download has its own copy once it starts; the URL is not needed after this turn
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

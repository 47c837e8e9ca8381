// Reads a PDF back as a person reads it (pdfjs, the engine of Firefox's viewer): the text of every page, the lines a
// layout wraps joined with single spaces, and the number of pages.
export async function readPdf(buffer: Buffer): Promise<{ text: string; pages: number }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(buffer), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  const count = document.numPages;
  await document.destroy();
  return { text: pages.join('\n').replace(/\s+/g, ' '), pages: count };
}

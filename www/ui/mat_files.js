/**
 * Match files on the player's device: a `.mat` text downloaded under a dated name, and a
 * file chosen to be read. What the text means is the engine's business.
 */

/** A file name for a match: `gamao-2026-11-29-1402.mat`. @param {Date} date */
export function matFileName(date) {
  const pad = (n) => String(n).padStart(2, "0");
  return `gamao-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}.mat`;
}

/** Offers `text` as a download named `name`. */
export function downloadText(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Lets the player choose a text file; resolves with its name and text, or null when
 * none was chosen.
 * @param {string} accept  e.g. ".mat,.txt"
 * @returns {Promise<{name:string, text:string}|null>}
 */
export function pickTextFile(accept) {
  return new Promise((resolve) => {
    const input = document.createElement("input");
    input.type = "file";
    input.accept = accept;
    input.addEventListener("change", async () => {
      const file = input.files && input.files[0];
      resolve(file ? { name: file.name, text: await file.text() } : null);
    });
    input.addEventListener("cancel", () => resolve(null));
    input.click();
  });
}

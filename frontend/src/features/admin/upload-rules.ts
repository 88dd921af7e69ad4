export const UPLOAD_EXTENSIONS = ['.arc', '.arz', '.zip'] as const;
export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.join(',');

export function hasUploadExtension(name: string): boolean {
  const lower = name.toLowerCase();
  return UPLOAD_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/**
 * Adds chosen files to the pending list: only .arc, .arz and .zip, and a file name already in the list is
 * not added twice (spec §5).
 */
export function addChosenFiles<T extends { file: File }>(
  pending: readonly T[],
  chosen: readonly File[],
  wrap: (f: File) => T,
): T[] {
  const next = [...pending];
  for (const file of chosen) {
    if (!hasUploadExtension(file.name)) continue;
    if (next.some((p) => p.file.name === file.name)) continue;
    next.push(wrap(file));
  }
  return next;
}

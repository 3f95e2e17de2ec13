/**
 * A camera's "kit", as shoppers type it ("sony a6400 kit", "canon r50 kit lens"): the body sold with a lens, which its
 * listings write "with 16-50mm Lens" and never "kit". Tried whatever the words as typed find, and kept only when what
 * it finds holds every word (`typed-rewrites.ts`), so that a "wall mount kit", which holds no lens, is searched as
 * typed.
 */

const KIT = /^kits?$/i;
const LENS = /^lens(?:es)?$/i;

/**
 * The typed words with "kit" written as listings write it, "with lens", in its place (a "kit lens" typed beside it is
 * that lens), or null without it. "with" keeps the lens a part of what is sought: "r50 lens" would be a lens for the R50.
 */
export function kitAsLens(text: string): string | null {
  const words = text.split(/\s+/).filter(Boolean);
  const rest = words.filter((word) => !KIT.test(word) && !LENS.test(word));
  // "kit" alone names no camera.
  if (!words.some((word) => KIT.test(word)) || rest.length === 0) return null;
  const at = words.findIndex((word) => KIT.test(word) || LENS.test(word));
  return [...rest.slice(0, at), 'with', 'lens', ...rest.slice(at)].join(' ');
}

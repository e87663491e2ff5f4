/** unicode-script ships JavaScript only: the part of its API the portal calls (lib/identity-fold.ts). */
declare module 'unicode-script' {
  /** UTS #39 mixed-script detection: the string's resolved script set is empty. */
  export function isMixedScript(text: string): boolean;
  export function isSingleScript(text: string): boolean;
  /** UTS #39 augmented script set of the text's characters (ISO 15924 codes, e.g. 'Latn'). */
  export function unicodeAugmentedScriptCodes(text: string): Set<string>;
}

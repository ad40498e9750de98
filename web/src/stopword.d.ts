// The part of the `stopword` package we use (it ships no type declarations).
declare module 'stopword' {
  /** English stop words. */
  export const eng: string[];
}

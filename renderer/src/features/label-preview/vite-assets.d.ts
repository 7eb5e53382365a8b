// Vite's `?url` imports (the build emits the file and answers its URL). The renderer's
// tsconfig leaves vite/client's types out, so only this one form is declared, here.
declare module '*?url' {
  const url: string;
  export default url;
}

// Vite bundles a stylesheet imported for its side effect (`import './styles/app.css'`). The
// renderer's tsconfig leaves vite/client's types out, and the type check (TypeScript 7) refuses
// a side-effect import it cannot resolve, so the one form the renderer uses is declared here.
declare module '*.css' {}

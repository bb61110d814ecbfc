/** `public-file-versions.ts`: each file of `public/` by its path, with its content's version. */
declare module 'virtual:public-file-versions' {
  const versions: Readonly<Record<string, string>>;
  export default versions;
}

/**
 * A poem's text as written: stanzas (parted by blank lines) as paragraphs, each keeping its line
 * breaks and indents (`white-space: pre-wrap`). React escapes any markup in it.
 */
export function PoemBody({ body }: { body: string }) {
  const stanzas = body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .filter((stanza) => stanza.trim() !== '');
  return (
    <div className="poem-body">
      {stanzas.map((stanza, index) => (
        // Stanzas have no identity but their place; the list never reorders.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <p key={index}>{stanza}</p>
      ))}
    </div>
  );
}

export type Labels = Record<string, string>;
export type Sample = { name: string; labels: Labels; value: number };

/** The samples of a Prometheus text exposition, one a line after the `#` lines. */
export function samplesOf(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [, name = '', labels = '', value = ''] = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line) ?? [];
      if (!name) throw new Error(`not a sample line: ${line}`);
      const pairs = [...labels.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, v]) => [key, v]);
      return { name, labels: Object.fromEntries(pairs), value: Number(value) };
    });
}

/** The value of the sample `name` whose labels include `labels`, if there is one. */
export function sampleValue(samples: Sample[], name: string, labels: Labels = {}): number | undefined {
  return samples.find(
    (s) => s.name === name && Object.entries(labels).every(([key, v]) => s.labels[key] === v),
  )?.value;
}

/** `sampleValue`, 0 when there is none (a counter before its first count). */
export const valueOrZero = (samples: Sample[], name: string, labels: Labels = {}) =>
  sampleValue(samples, name, labels) ?? 0;

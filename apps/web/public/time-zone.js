// @ts-check
/**
 * The writing page's time zone (`app/components/publish-at-fields.tsx`, whose elements' ids these
 * are). Where the page chose none (`data-zone-unchosen`: it is UTC), the browser's own zone is
 * chosen, and a stored time in the field is shown in it; the hint's time is said in the zone
 * chosen, as the choice changes.
 */
(() => {
  const unchosen = document.currentScript?.dataset.zoneUnchosen !== undefined;
  const zones = document.getElementById('field-time_zone');
  const time = document.getElementById('field-publish_at');
  const now = document.getElementById('publish-at-now');
  if (
    !(
      zones instanceof HTMLSelectElement &&
      time instanceof HTMLInputElement &&
      now instanceof HTMLTimeElement
    )
  ) {
    return;
  }
  /** @param {string} zone @param {Intl.DateTimeFormatOptions} options */
  const format = (zone, options) => new Intl.DateTimeFormat('en-GB', { ...options, timeZone: zone });
  const sayNow = () => {
    now.textContent = format(zones.value, { dateStyle: 'long', timeStyle: 'short' }).format(
      new Date(now.dateTime),
    );
  };
  zones.addEventListener('change', sayNow);

  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!unchosen || !zone || zone === zones.value) return;
  if (![...zones.options].some((option) => option.value === zone)) {
    zones.add(new Option(zone.replaceAll('_', ' '), zone));
  }
  if (time.value) {
    const parts = format(zone, {
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    }).formatToParts(new Date(`${time.value}Z`));
    /** @param {Intl.DateTimeFormatPartTypes} type */
    const part = (type) => parts.find((found) => found.type === type)?.value;
    time.value = `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
  }
  zones.value = zone;
  sayNow();
})();

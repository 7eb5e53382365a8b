/**
 * Reading a tracking event's loose parts: `scan_event` and `geo_breadcrumb` are "any" in the
 * spec, so the carrier, the carrier's description and a position are taken from them only
 * when they are there in a readable form. Dwell time reads as hours and minutes.
 */
import { openJson } from '../../ui/format/open-json';

const { object, text } = openJson;

/** The carrier named in the scan, if the scan names one (the event itself has no field). */
export function eventCarrier(scanEvent: unknown): string | null {
  const r = object(scanEvent);
  return text(r?.carrier) ?? text(r?.carrier_code) ?? null;
}

/** The carrier's words for the scan ("Processed at sorting hub"). */
export function eventDescription(scanEvent: unknown): string | null {
  const r = object(scanEvent);
  if (!r) return text(scanEvent);
  return text(r.description) ?? text(r.message) ?? text(r.status_text) ?? null;
}

export interface GeoPoint {
  lat: number;
  lon: number;
}

/** A position from {lat, lon|lng}, [lat, lon] or the last point of a list of them. */
export function geoPoint(value: unknown): GeoPoint | null {
  if (Array.isArray(value)) {
    if (value.length === 2 && value.every((v) => typeof v === 'number')) {
      return valid(value[0] as number, value[1] as number);
    }
    for (let i = value.length - 1; i >= 0; i--) {
      const point = geoPoint(value[i]);
      if (point) return point;
    }
    return null;
  }
  const r = object(value);
  if (!r) return null;
  const lat = r.lat ?? r.latitude;
  const lon = r.lon ?? r.lng ?? r.longitude;
  return typeof lat === 'number' && typeof lon === 'number' ? valid(lat, lon) : null;
}

function valid(lat: number, lon: number): GeoPoint | null {
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : null;
}

/** "2 h 15 min", "45 min", "3 d 4 h"; null when there is no dwell time. */
export function dwellText(minutes: unknown): string | null {
  if (typeof minutes !== 'number' || !Number.isFinite(minutes) || minutes < 0) return null;
  const m = Math.round(minutes);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 === 0 ? `${h} h` : `${h} h ${m % 60} min`;
  const d = Math.floor(h / 24);
  return h % 24 === 0 ? `${d} d` : `${d} d ${h % 24} h`;
}

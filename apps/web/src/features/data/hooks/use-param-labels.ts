import { useMemo } from 'react';
import { useStdParams } from '../api/get-std-params';

/**
 * How a parameter key ('pm2_5', 'nox') is written for a person: its label in the standard
 * parameter catalogue ('PM2.5', 'NOx'). While the catalogue loads, or for a key it does not hold,
 * the key is upper-cased with its underscores as points (PM2.5), never shown as stored.
 */
export function useParamLabel(): (name: string | null | undefined) => string {
  const catalogue = useStdParams();
  return useMemo(() => {
    const labels = new Map((catalogue.data ?? []).map((p) => [p.name, p.label]));
    return (name) => (name ? (labels.get(name) ?? fallbackLabel(name)) : '');
  }, [catalogue.data]);
}

/** A key the catalogue does not name, made readable: 'pm2_5' → 'PM2.5', 'flow_emission' → 'Flow emission'. */
export function fallbackLabel(name: string): string {
  if (/^[a-z]+\d+_\d+$/.test(name)) return name.replace('_', '.').toUpperCase();
  const words = name.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

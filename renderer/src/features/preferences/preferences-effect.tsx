/**
 * Keeps <html> in step with the saved theme and density, and with the system's light/dark
 * setting while the theme is "system". Renders nothing.
 */
import { useEffect, useState } from 'react';
import { applyAppearance, resolveTheme, systemPrefersDark } from './apply-preferences';
import { useSettings } from './use-settings';

export function PreferencesEffect() {
  const settings = useSettings().data?.settings.ui;
  const [prefersDark, setPrefersDark] = useState(systemPrefersDark);

  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const query = matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => setPrefersDark(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  useEffect(() => {
    // Until the settings arrive, the remembered appearance (applied in main.tsx) stays.
    if (!settings) return;
    applyAppearance(document.documentElement, {
      theme: resolveTheme(settings.theme, prefersDark),
      density: settings.density,
    });
  }, [settings, prefersDark]);

  return null;
}

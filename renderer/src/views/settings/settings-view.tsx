/**
 * Settings: Station (first: a pack bench's whole setup), Appearance, Connections, Printing, Floor
 * and Keyboard as tabs, each with its own address (/settings/connections) so the connection menu
 * can link straight to it.
 */
import { useLocation, useParams } from 'wouter';
import { ConnectionsSection } from '../../features/connections/connections-section';
import { FloorSection } from '../../features/floor-settings/floor-section';
import { StationSection } from '../../features/packing/station-section';
import { AppearanceSection } from '../../features/preferences/appearance-section';
import { PrintingSection } from '../../features/printing/printing-section';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/tabs';
import { ViewPage } from '../view-page';
import { KeyboardSection } from './keyboard-section';

const SECTIONS = [
  ['station', 'Station', StationSection],
  ['appearance', 'Appearance', AppearanceSection],
  ['connections', 'Connections', ConnectionsSection],
  ['printing', 'Printing', PrintingSection],
  ['floor', 'Floor', FloorSection],
  ['keyboard', 'Keyboard', KeyboardSection],
] as const;

type Section = (typeof SECTIONS)[number][0];

export function SettingsView() {
  const params = useParams<{ section?: string }>();
  const [, navigate] = useLocation();
  const section: Section = SECTIONS.some(([id]) => id === params.section)
    ? (params.section as Section)
    : 'station';
  return (
    <ViewPage title="Settings">
      <Tabs value={section} onValueChange={(value) => navigate(`/settings/${value}`)}>
        <TabList aria-label="Settings sections">
          {SECTIONS.map(([id, label]) => (
            <Tab key={id} value={id}>
              {label}
            </Tab>
          ))}
        </TabList>
        {SECTIONS.map(([id, , Section]) => (
          <TabPanel key={id} value={id}>
            <Section />
          </TabPanel>
        ))}
      </Tabs>
    </ViewPage>
  );
}

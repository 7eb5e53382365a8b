/**
 * The header's connection menu: which account the console is working on, a switch to any
 * other saved one, and the way to Settings → Connections. Switching resets every API query
 * (see use-connections.ts).
 */
import { ChevronDown, Server } from 'lucide-react';
import { useLocation } from 'wouter';
import { errorMessage } from '../../query/bridge-call';
import { useConnections } from '../../query/connections';
import { Button } from '../../ui/button';
import {
  Menu,
  MenuContent,
  MenuItem,
  MenuLabel,
  MenuRadioGroup,
  MenuRadioItem,
  MenuSeparator,
  MenuTrigger,
} from '../../ui/dropdown-menu';
import { toast } from '../../ui/toast-store';
import { useSelectConnection } from './use-connections';

export function ConnectionSwitcher() {
  const { data } = useConnections();
  const select = useSelectConnection();
  const [, navigate] = useLocation();
  const selected = data?.connections.find((c) => c.id === data.selectedId);

  const choose = (id: string) => {
    if (id === data?.selectedId) return;
    select.mutate(id, {
      onSuccess: (view) => {
        const name = view.connections.find((c) => c.id === id)?.name ?? 'the connection';
        toast(`Switched to ${name}`, { tone: 'success' });
      },
      onError: (error) =>
        toast('Could not switch connection', { tone: 'error', description: errorMessage(error) }),
    });
  };

  return (
    <Menu>
      <MenuTrigger asChild>
        <Button tone="ghost" aria-label={`Connection: ${selected?.name ?? 'none selected'}`}>
          <Server aria-hidden className="size-4" />
          <span className="max-w-48 truncate" data-testid="current-connection">
            {selected?.name ?? 'No connection'}
          </span>
          <ChevronDown aria-hidden className="size-4" />
        </Button>
      </MenuTrigger>
      <MenuContent>
        <MenuLabel>Connections</MenuLabel>
        <MenuRadioGroup value={data?.selectedId ?? ''} onValueChange={choose}>
          {data?.connections.map((c) => (
            <MenuRadioItem key={c.id} value={c.id}>
              <span className="flex flex-col">
                <span>{c.name}</span>
                <span className="text-xs text-muted">{c.baseUrl}</span>
              </span>
            </MenuRadioItem>
          ))}
        </MenuRadioGroup>
        <MenuSeparator />
        <MenuItem onSelect={() => navigate('/settings/connections')}>Manage connections…</MenuItem>
      </MenuContent>
    </Menu>
  );
}

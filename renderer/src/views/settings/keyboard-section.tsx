/** Settings → Keyboard: says how to open the shortcut sheet, and opens it. */
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Kbd } from '../../ui/kbd';
import { useShortcutStore } from '../../ui/shortcuts/shortcut-store';

export function KeyboardSection() {
  const open = useShortcutStore((s) => s.setSheetOpen);
  return (
    <Card
      title="Keyboard"
      description="Packbench is made to be used from the keyboard and a barcode scanner."
    >
      <p className="text-sm">
        Press <Kbd>?</Kbd> anywhere to see every shortcut, <Kbd>/</Kbd> to search, and <Kbd>g</Kbd>{' '}
        then a letter to go to a view.
      </p>
      <Button className="mt-3" onClick={() => open(true)}>
        Show all shortcuts
      </Button>
    </Card>
  );
}

/**
 * First run: no connection is saved yet. Either connect to the person's account (base URL and
 * API key, tested before saving if they like) or try the embedded sandbox with demo data.
 * Once either succeeds the connections list changes and the app shell takes over.
 */
import { useEffect } from 'react';
import { Card } from '../../ui/card';
import { ConnectionForm } from './connection-form';
import { TrySandboxButton } from './try-sandbox-button';

export function SetupScreen() {
  useEffect(() => {
    document.title = 'Set up · Packbench';
  }, []);
  return (
    <main className="mx-auto flex min-h-full max-w-4xl flex-col justify-center gap-6 p-6">
      <header>
        <h1 className="text-2xl font-semibold">Welcome to Packbench</h1>
        <p className="mt-1 text-muted">
          Connect Packbench to your Fulfillment API account to find orders and print their labels.
        </p>
      </header>
      <div className="grid gap-6 md:grid-cols-[3fr_2fr]">
        <Card
          title="Connect to your account"
          description="The address of the API and an API key from your account settings."
        >
          <ConnectionForm onSaved={() => {}} />
        </Card>
        <Card
          title="Just looking?"
          description="Try Packbench on the built-in sandbox: a practice account with about 2,000 made-up orders. Nothing you do there reaches a real warehouse."
        >
          <TrySandboxButton tone="primary" />
        </Card>
      </div>
    </main>
  );
}

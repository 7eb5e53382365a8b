export {
  type BridgeEventListener,
  type ClientWindow,
  createBridgeClient,
  type PackbenchClient,
} from './create-bridge-client';

// A tiny signal from the HTTP layer to the screen: "the server says this session is over".
type Listener = () => void;
const listeners = new Set<Listener>();

export const sessionEnded = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  emit() {
    for (const listener of listeners) listener();
  },
};

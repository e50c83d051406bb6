import { Toaster } from 'react-hot-toast';

/**
 * docs/product.md#limits-and-constants: top right, at most 20 at once (react-hot-toast's own limit), 4 s by default,
 * 3 s for success and 5 s for errors, dark grey with white text, green and red icons.
 */
export const TOAST_DURATIONS = { default: 4000, success: 3000, error: 5000 } as const;

export function AppToaster() {
  return (
    <Toaster
      position="top-right"
      gutter={10}
      containerStyle={{ top: 16, right: 16 }}
      toastOptions={{
        duration: TOAST_DURATIONS.default,
        style: { background: '#333333', color: '#ffffff', borderRadius: '12px', padding: '10px 14px', fontSize: '0.925rem', maxWidth: 380 },
        success: { duration: TOAST_DURATIONS.success, iconTheme: { primary: '#22c55e', secondary: '#ffffff' } },
        error: { duration: TOAST_DURATIONS.error, iconTheme: { primary: '#ef4444', secondary: '#ffffff' } },
      }}
    />
  );
}

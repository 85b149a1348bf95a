// The bare framework floor: React + TanStack Router + XState + react-hook-form, used once each, built
// the same way as the product, so the bench can show what the product adds on top of it.
import { createRoot } from 'react-dom/client';
import { createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createActor, createMachine } from 'xstate';
import { useForm } from 'react-hook-form';

const toggle = createActor(createMachine({ initial: 'off', states: { off: { on: { flip: 'on' } }, on: {} } })).start();

function Page() {
  const { register, handleSubmit } = useForm<{ email: string }>();
  return (
    <form onSubmit={handleSubmit(() => toggle.send({ type: 'flip' }))}>
      <input {...register('email')} />
    </form>
  );
}

const rootRoute = createRootRoute();
const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: Page });
const router = createRouter({ routeTree: rootRoute.addChildren([indexRoute]) });
createRoot(document.getElementById('root')!).render(<RouterProvider router={router} />);

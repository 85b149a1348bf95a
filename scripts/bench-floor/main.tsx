// The floor of the design card's libraries: one route using React, TanStack Router, XState, @xstate/react and
// react-hook-form with an arktype schema through its resolver, built the same way as the product, so the bench can
// show what the product adds on top of it.
import { createRoot } from 'react-dom/client';
import { createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createActor, createMachine } from 'xstate';
import { useSelector } from '@xstate/react';
import { useForm } from 'react-hook-form';
import { arktypeResolver } from '@hookform/resolvers/arktype';
import { type } from 'arktype';

const toggle = createActor(createMachine({ initial: 'off', states: { off: { on: { flip: 'on' } }, on: {} } })).start();
const schema = type({ email: 'string.email' });

function Page() {
  const state = useSelector(toggle, (snapshot) => String(snapshot.value));
  const { register, handleSubmit } = useForm<{ email: string }>({ resolver: arktypeResolver(schema) });
  return (
    <form onSubmit={handleSubmit(() => toggle.send({ type: 'flip' }))}>
      <input {...register('email')} aria-label={state} />
    </form>
  );
}

const rootRoute = createRootRoute();
const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: Page });
const router = createRouter({ routeTree: rootRoute.addChildren([indexRoute]) });
createRoot(document.getElementById('root')!).render(<RouterProvider router={router} />);

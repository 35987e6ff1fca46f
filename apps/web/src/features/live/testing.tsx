// The live feature on screen for a test: the component with the toasts, and every event the screens hear.
import type { TMemberLiveEvent } from '@krapao/contracts/live';
import { render } from '@testing-library/react';
import { Toaster } from '../../components/ui/toast';
import { onMemberLive } from '../../lib/member-live';
import { MemberLive } from './components/member-live';

export function mountMemberLive() {
  const heard: TMemberLiveEvent[] = [];
  const stop = onMemberLive((event) => heard.push(event));
  const view = render(
    <>
      <MemberLive />
      <Toaster />
    </>,
  );
  return { heard, view, stop };
}

import { Center, Loader } from '@mantine/core';

export const PageLoader = ({ label = 'Loading…' }: { label?: string }) => (
  <Center mih={240} role="status" aria-label={label}>
    <Loader />
  </Center>
);

import {
  Alert,
  Button,
  Grid,
  Group,
  Paper,
  Radio,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { formatMoney } from '@atelier/contract/common/money';
import type { ShippingRate } from '@atelier/contract/fulfillment/shipment';
import { AppAnchor } from '@/components/ui/app-anchor';
import { PageHeader } from '@/components/ui/page-header';
import { useCountries, useStatesOfCountry } from '@/features/catalog/api/country-queries';
import {
  useCreateLabel,
  useQuoteRates,
  useShipments,
} from '@/features/fulfillment/api/shipment-queries';
import {
  EMPTY_PARCEL,
  ParcelFields,
  parcelOf,
  type ParcelDraft,
} from '@/features/fulfillment/components/parcel-fields';
import { ShipmentTable } from '@/features/fulfillment/components/shipment-list';
import {
  AddressFields,
  addressOf,
  EMPTY_ADDRESS,
  type AddressDraft,
} from '@/features/fulfillment/labels/address-fields';
import { isApiError, listFieldErrors } from '@/lib/api-error';

const geography = { useCountries, useStatesOfCountry };

export const SHIPPING_LABELS_PATH = '/fulfillment-services/shipping-labels';
export const NEW_SHIPPING_LABEL_PATH = '/fulfillment-services/shipping-labels/new';

/**
 * Issue 15 shipping label history (fulfillment home tile): every label the store bought, for
 * orders and standalone, newest first, with its PDF and Recreate.
 */
export const ShippingLabelsPage = () => {
  useDocumentTitle('Shipping labels · Atelier');
  const shipments = useShipments(null);
  const rows = shipments.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <PageHeader
        title="Shipping label history"
        description="Every label you bought, for orders and on its own. A label is made in the background; it opens as a 4×6 in PDF."
        actions={
          <Button component="a" href={NEW_SHIPPING_LABEL_PATH}>
            Create a shipping label
          </Button>
        }
      />
      {shipments.isPending ? (
        <Skeleton height={200} aria-label="Loading the labels" />
      ) : shipments.isError ? (
        <Alert color="red" title="The labels could not be loaded" />
      ) : rows.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Stack align="center" gap="xs">
            <Text fw={600}>No labels yet</Text>
            <Text c="dimmed" size="sm">
              Ship an order from its page, or create a label for any parcel.
            </Text>
            <AppAnchor href={NEW_SHIPPING_LABEL_PATH}>Create a shipping label</AppAnchor>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="sm">
          <ShipmentTable shipments={rows} showsDestination />
          {shipments.hasNextPage ? (
            <Group justify="center">
              <Button
                variant="default"
                loading={shipments.isFetchingNextPage}
                onClick={() => void shipments.fetchNextPage()}
              >
                Load more
              </Button>
            </Group>
          ) : null}
        </Stack>
      )}
    </>
  );
};

/**
 * Spec §3 shipping label draft (fulfillment home tile "create shipping label"): from and to
 * addresses (country United States of America by default), the parcel in lb and in by default,
 * Get rates, choose a service and Buy the label; the history shows it as it is made.
 */
export const NewShippingLabelPage = () => {
  useDocumentTitle('Create a shipping label · Atelier');
  const navigate = useNavigate();
  const quote = useQuoteRates();
  const create = useCreateLabel();
  const [from, setFrom] = useState<AddressDraft>(EMPTY_ADDRESS);
  const [to, setTo] = useState<AddressDraft>(EMPTY_ADDRESS);
  const [parcel, setParcel] = useState<ParcelDraft>(EMPTY_PARCEL);
  const [notes, setNotes] = useState('');
  const [rates, setRates] = useState<ShippingRate[] | null>(null);
  const [serviceLevel, setServiceLevel] = useState<string | null>(null);
  const sent = parcelOf(parcel);
  const errors = { ...listFieldErrors(quote.error), ...listFieldErrors(create.error) };
  const failure = create.error ?? quote.error;
  const changed = () => {
    setRates(null);
    setServiceLevel(null);
  };
  const body = () => ({ fromAddress: addressOf(from), toAddress: addressOf(to), parcel: sent! });
  return (
    <>
      <AppAnchor href={SHIPPING_LABELS_PATH} size="sm">
        ← Shipping label history
      </AppAnchor>
      <PageHeader
        title="Create a shipping label"
        description="A label for one parcel, not tied to an order. Without a Shippo key the rates and labels are Atelier's local ones: real PDFs to print and test with, not valid with a carrier."
      />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!sent) return;
          if (!rates || !serviceLevel) {
            create.reset();
            quote.mutate(body(), {
              onSuccess: (answer) => {
                setRates(answer.items);
                setServiceLevel(answer.items[0]?.serviceLevel ?? null);
              },
            });
            return;
          }
          create.mutate(
            { ...body(), serviceLevel, ...(notes.trim() ? { notes: notes.trim() } : {}) },
            {
              onSuccess: (label) => {
                notifications.show({
                  color: 'green',
                  message: `${label.sn} is being made; it opens here when it is ready.`,
                });
                void navigate({ to: SHIPPING_LABELS_PATH });
              },
            },
          );
        }}
      >
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Paper withBorder p="md" radius="md" component="fieldset" aria-label="From">
              <Stack gap="xs">
                <Title order={2} fz="h5">
                  From
                </Title>
                <AddressFields
                  at="fromAddress"
                  value={from}
                  onChange={(next) => {
                    setFrom(next);
                    changed();
                  }}
                  errors={errors}
                  geography={geography}
                />
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Paper withBorder p="md" radius="md" component="fieldset" aria-label="To">
              <Stack gap="xs">
                <Title order={2} fz="h5">
                  To
                </Title>
                <AddressFields
                  at="toAddress"
                  value={to}
                  onChange={(next) => {
                    setTo(next);
                    changed();
                  }}
                  errors={errors}
                  geography={geography}
                />
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Paper withBorder p="md" radius="md" component="fieldset" aria-label="Parcel">
              <Stack gap="xs">
                <Title order={2} fz="h5">
                  Parcel
                </Title>
                <ParcelFields
                  value={parcel}
                  onChange={(next) => {
                    setParcel(next);
                    changed();
                  }}
                  errors={errors}
                />
                <Textarea
                  label="Notes"
                  maxLength={1000}
                  value={notes}
                  onChange={(event) => setNotes(event.currentTarget.value)}
                />
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Paper withBorder p="md" radius="md">
              <Stack gap="xs">
                <Title order={2} fz="h5">
                  Service
                </Title>
                {rates ? (
                  <Radio.Group value={serviceLevel} onChange={setServiceLevel} aria-label="Service">
                    <Stack gap="xs">
                      {rates.map((rate) => (
                        <Radio
                          key={rate.serviceLevel}
                          value={rate.serviceLevel}
                          label={`${rate.serviceLevel} · ${formatMoney(rate.amount)}`}
                          description={[
                            rate.carrier,
                            rate.estimatedDays ? `${rate.estimatedDays} business days` : null,
                            rate.zone ? `zone ${rate.zone}` : null,
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        />
                      ))}
                    </Stack>
                  </Radio.Group>
                ) : (
                  <Text size="sm" c="dimmed">
                    Fill in both addresses and the parcel, then get the rates.
                  </Text>
                )}
                {failure && !Object.keys(errors).length ? (
                  <Text size="sm" c="red" role="alert">
                    {isApiError(failure) ? failure.message : 'The label could not be made.'}
                  </Text>
                ) : null}
                {Object.keys(errors).length ? (
                  <Text size="sm" c="red" role="alert">
                    Check the fields marked above.
                  </Text>
                ) : null}
                <Group justify="flex-end">
                  <Button
                    type="submit"
                    disabled={!sent}
                    loading={quote.isPending || create.isPending}
                  >
                    {rates ? 'Buy label' : 'Get rates'}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
      </form>
    </>
  );
};

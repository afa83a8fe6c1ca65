import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { PredictiveModel } from '@atelier/contract/analytics/analytics-api';
import { formatValue } from '../analytics-format';
import {
  averageSpendOf,
  dropoutChanceOf,
  formatParameter,
  purchaseRateOf,
} from '../predictive-model';
import type { PredictionTimeUnit } from '../predictive-search';

type Parameter = { symbol: string; name: string; value: number; meaning: string };

const LOG_LIKELIHOOD_MEANING =
  'How well the parameters explain the calibration purchases: the fit chose the highest (nearest 0). Compare it only between fits of the same purchases.';

const ParameterTable = ({ label, parameters }: { label: string; parameters: Parameter[] }) => (
  <Table fz="sm" verticalSpacing={6} aria-label={label}>
    <Table.Thead>
      <Table.Tr>
        <Table.Th>Parameter</Table.Th>
        <Table.Th ta="right">Value</Table.Th>
        <Table.Th>What it means</Table.Th>
      </Table.Tr>
    </Table.Thead>
    <Table.Tbody>
      {parameters.map((parameter) => (
        <Table.Tr key={parameter.symbol}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <Text span fw={600} inherit>
              {parameter.symbol}
            </Text>{' '}
            <Text span c="dimmed" inherit>
              {parameter.name}
            </Text>
          </Table.Td>
          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} ff="monospace">
            {formatParameter(parameter.value)}
          </Table.Td>
          <Table.Td c="dimmed">{parameter.meaning}</Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  </Table>
);

/** A formula, kept on one line. */
const Formula = ({ children }: { children: string }) => (
  <Text span c="dimmed" inherit style={{ whiteSpace: 'nowrap' }}>
    {children}
  </Text>
);

const rateFormat = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 2 });

const percentOf = (fraction: number) =>
  fraction > 0 && fraction < 0.0001 ? 'less than 0.01%' : formatValue(fraction, 'percent', 'USD');

const PurchaseModel = ({
  bgnbd,
  timeUnit,
}: {
  bgnbd: NonNullable<PredictiveModel['bgnbd']>;
  timeUnit: PredictionTimeUnit;
}) => {
  const rate = purchaseRateOf(bgnbd);
  return (
    <Stack gap="xs">
      <Text size="sm">
        An active customer buys{' '}
        <strong>
          {rateFormat.format(rate)} times a {timeUnit}
        </strong>{' '}
        on average <Formula>(r ÷ α)</Formula>, and after a purchase{' '}
        <strong>{percentOf(dropoutChanceOf(bgnbd))}</strong> of customers stop buying for good{' '}
        <Formula>(a ÷ (a + b))</Formula>.
      </Text>
      <ParameterTable
        label="BG/NBD parameters"
        parameters={[
          {
            symbol: 'r',
            name: 'shape',
            value: bgnbd.r,
            meaning: 'How much purchase rates differ between customers (smaller: more unequal).',
          },
          {
            symbol: 'α',
            name: 'scale',
            value: bgnbd.alpha,
            meaning: `Scale of the purchase rates, in ${timeUnit}s.`,
          },
          {
            symbol: 'a',
            name: 'dropout',
            value: bgnbd.a,
            meaning: 'With b: how likely customers are to stop after a purchase.',
          },
          {
            symbol: 'b',
            name: 'dropout',
            value: bgnbd.b,
            meaning: 'The larger b against a, the fewer stop.',
          },
          {
            symbol: 'LL',
            name: 'log-likelihood',
            value: bgnbd.logLikelihood,
            meaning: LOG_LIKELIHOOD_MEANING,
          },
        ]}
      />
    </Stack>
  );
};

const SpendModel = ({
  gammaGamma,
  currencyCode,
}: {
  gammaGamma: NonNullable<PredictiveModel['gammaGamma']>;
  currencyCode: string;
}) => {
  const averageSpend = averageSpendOf(gammaGamma);
  return (
    <Stack gap="xs">
      {averageSpend === null ? null : (
        <Text size="sm">
          A customer’s purchase is worth{' '}
          <strong>{formatValue(averageSpend, 'money', currencyCode)}</strong> on average{' '}
          <Formula>(p × γ ÷ (q − 1))</Formula>.
        </Text>
      )}
      <ParameterTable
        label="Gamma-Gamma parameters"
        parameters={[
          {
            symbol: 'p',
            name: 'shape',
            value: gammaGamma.p,
            meaning: 'How much one customer’s purchases vary around their usual spend.',
          },
          {
            symbol: 'q',
            name: 'shape',
            value: gammaGamma.q,
            meaning: 'How much the usual spend differs between customers (smaller: more unequal).',
          },
          {
            symbol: 'γ',
            name: 'scale',
            value: gammaGamma.gamma,
            meaning: `Scale of the usual spend, in minor units of ${currencyCode} (cents, pence).`,
          },
          {
            symbol: 'LL',
            name: 'log-likelihood',
            value: gammaGamma.logLikelihood,
            meaning: LOG_LIKELIHOOD_MEANING,
          },
        ]}
      />
    </Stack>
  );
};

type PredictiveParametersProps = { model: PredictiveModel; currencyCode: string };

/** The fitted parameters of both models, each model explained in a line. */
export const PredictiveParameters = ({ model, currencyCode }: PredictiveParametersProps) => (
  <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
    <Paper withBorder radius="md" p="md" component="section" aria-label="Purchase model (BG/NBD)">
      <Title order={3} fz="md">
        Purchase model (BG/NBD)
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        While active, each customer buys at their own steady pace; after any purchase they may stop
        for good. It predicts each customer’s purchases and their chance of still being active.
      </Text>
      {model.bgnbd ? (
        <PurchaseModel bgnbd={model.bgnbd} timeUnit={model.timeUnit} />
      ) : (
        <Text size="sm">Not fitted.</Text>
      )}
    </Paper>
    <Paper withBorder radius="md" p="md" component="section" aria-label="Spend model (Gamma-Gamma)">
      <Title order={3} fz="md">
        Spend model (Gamma-Gamma)
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        Each customer has a usual spend per purchase, and their purchases vary around it. It turns
        predicted purchases into predicted revenue and lifetime value.
      </Text>
      {model.gammaGamma ? (
        <SpendModel gammaGamma={model.gammaGamma} currencyCode={currencyCode} />
      ) : (
        <Text size="sm">
          Not fitted: too few customers bought again before the calibration end to learn their spend
          from.
        </Text>
      )}
    </Paper>
  </SimpleGrid>
);

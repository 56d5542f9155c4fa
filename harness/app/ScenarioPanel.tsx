import { memo } from 'react';
import { SCENARIO_GROUPS, SCENARIOS } from './scenarios';

interface ScenarioPanelProps {
  selectedId: string;
  onSelect(id: string): void;
}

function queryHint(query: Record<string, string>): string {
  const text = new URLSearchParams(query).toString();
  return text || '(no query)';
}

/** Left column: the scenario list, grouped. */
export const ScenarioPanel = memo(function ScenarioPanel({ selectedId, onSelect }: ScenarioPanelProps) {
  return (
    <nav className="scenarios" aria-label="Scenarios">
      {SCENARIO_GROUPS.map((group) => (
        <section key={group} className="scenario-group">
          <h2 className="section-title">{group}</h2>
          <ul>
            {SCENARIOS.filter((s) => s.group === group).map((s) => (
              <li key={s.id}>
                <button
                  type="button"
                  className={`scenario${s.id === selectedId ? ' is-selected' : ''}`}
                  aria-pressed={s.id === selectedId}
                  data-testid={`scenario-${s.id}`}
                  onClick={() => onSelect(s.id)}
                >
                  <span className="scenario-title">{s.title}</span>
                  <span className="scenario-query mono">{queryHint(s.query)}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
});

import { useT } from '@outpost/host';
import {
  Button,
  Checkbox,
  Field,
  FieldRow,
  Fieldset,
  FormActions,
  Input,
  RadioGroup,
  Select,
  TextArea,
} from '@outpost/ui';
import { Specimen, State } from './specimen';

/** Form fields with their hints and errors. */
export function FormsSection() {
  const t = useT();
  return (
    <>
      <Specimen name="Field" use={t('panel.gallery.use.field')}>
        <State label={t('panel.gallery.state.empty-with-a-hint')}>
          <Field label="Reason" hint="Shown to the player">
            {(control) => <Input {...control} placeholder="Cheating, abuse, …" />}
          </Field>
          <Field label="Type">
            {(control) => (
              <Select {...control} defaultValue="steam">
                <option value="steam">Steam ID</option>
                <option value="ip">IP address</option>
              </Select>
            )}
          </Field>
        </State>
        <State label={t('panel.gallery.state.with-an-error')}>
          <Field label="Length (minutes)" error="Length must be a whole number">
            {(control) => <Input {...control} defaultValue="1.5" />}
          </Field>
          <Field label="Note">{(control) => <TextArea {...control} rows={2} defaultValue="Warned twice." />}</Field>
        </State>
        <State label={t('panel.gallery.state.checkbox-actions')}>
          <Checkbox label="Permanent" hint="Never expires" />
          <Checkbox label="Notify the player" defaultChecked />
          <form onSubmit={(event) => event.preventDefault()}>
            <FormActions submitLabel="Save ban" onCancel={() => {}} />
          </form>
        </State>
        <State label={t('panel.gallery.state.radio-group-fieldset')}>
          <RadioGroup
            legend="Outcome"
            value="ban"
            onChange={() => {}}
            options={[
              { value: 'ban', label: 'Ban' },
              { value: 'note', label: 'Note', hint: 'Staff only unless public' },
              { value: 'dismiss', label: 'Dismiss (no action)', disabled: true },
            ]}
          />
          <Fieldset legend="Evidence links (optional)" hint="http(s) links only">
            <Field label="Link 1">{(control) => <Input {...control} placeholder="https://" />}</Field>
          </Fieldset>
        </State>
        <State label={t('panel.gallery.state.sending')}>
          <form onSubmit={(event) => event.preventDefault()}>
            <Field label="Name">{(control) => <Input {...control} defaultValue="Zoey" disabled />}</Field>
            <FormActions submitLabel="Save" busy onCancel={() => {}} />
          </form>
        </State>
      </Specimen>
      <Specimen name="FieldRow" use={t('panel.gallery.use.fieldrow')}>
        <State label={t('panel.gallery.state.fields-and-a-button')} wide>
          <FieldRow actions={<Button variant="primary">Except the player</Button>}>
            <Field label="Steam id or profile URL">
              {(control) => <Input {...control} placeholder="STEAM_0:1:…" />}
            </Field>
            <Field label="Why">{(control) => <Input {...control} defaultValue="Plays on our league team" />}</Field>
          </FieldRow>
        </State>
        <State label={t('panel.gallery.state.with-an-error-an-icon-button')} wide>
          <FieldRow actions={<Button variant="invisible" icon="delete" aria-label="Remove pattern 1" />}>
            <Field label="Pattern 1" error="A pattern needs a letter or a digit">
              {(control) => <Input {...control} defaultValue="**" />}
            </Field>
            <Field label="Category 1">
              {(control) => (
                <Select {...control} defaultValue="cheating">
                  <option value="cheating">Cheating</option>
                  <option value="abuse">Abuse</option>
                </Select>
              )}
            </Field>
          </FieldRow>
        </State>
      </Specimen>
    </>
  );
}

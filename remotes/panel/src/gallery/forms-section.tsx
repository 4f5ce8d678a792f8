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
          <Field label={t('panel.gallery.demo.reason')} hint={t('panel.gallery.demo.reasonHint')}>
            {(control) => <Input {...control} placeholder={t('panel.gallery.demo.reasonPlaceholder')} />}
          </Field>
          <Field label={t('panel.gallery.demo.type')}>
            {(control) => (
              <Select {...control} defaultValue="steam">
                <option value="steam">Steam ID</option>
                <option value="ip">{t('panel.gallery.demo.ipAddress')}</option>
              </Select>
            )}
          </Field>
        </State>
        <State label={t('panel.gallery.state.with-an-error')}>
          <Field label={t('panel.gallery.demo.length')} error={t('panel.gallery.demo.lengthError')}>
            {(control) => <Input {...control} defaultValue="1.5" />}
          </Field>
          <Field label={t('panel.gallery.demo.note')}>
            {(control) => <TextArea {...control} rows={2} defaultValue={t('panel.gallery.demo.noteValue')} />}
          </Field>
        </State>
        <State label={t('panel.gallery.state.checkbox-actions')}>
          <Checkbox label={t('panel.gallery.demo.permanent')} hint={t('panel.gallery.demo.neverExpires')} />
          <Checkbox label={t('panel.gallery.demo.notifyPlayer')} defaultChecked />
          <form onSubmit={(event) => event.preventDefault()}>
            <FormActions submitLabel={t('panel.gallery.demo.saveBan')} onCancel={() => {}} />
          </form>
        </State>
        <State label={t('panel.gallery.state.radio-group-fieldset')}>
          <RadioGroup
            legend={t('panel.gallery.demo.outcome')}
            value="ban"
            onChange={() => {}}
            options={[
              { value: 'ban', label: t('panel.gallery.demo.outcome.ban') },
              { value: 'note', label: t('panel.gallery.demo.note'), hint: t('panel.gallery.demo.outcome.noteHint') },
              { value: 'dismiss', label: t('panel.gallery.demo.outcome.dismiss'), disabled: true },
            ]}
          />
          <Fieldset legend={t('panel.gallery.demo.evidence')} hint={t('panel.gallery.demo.evidenceHint')}>
            <Field label={t('panel.gallery.demo.link', { number: 1 })}>
              {(control) => <Input {...control} placeholder="https://" />}
            </Field>
          </Fieldset>
        </State>
        <State label={t('panel.gallery.state.sending')}>
          <form onSubmit={(event) => event.preventDefault()}>
            <Field label={t('panel.gallery.demo.column.name')}>
              {(control) => <Input {...control} defaultValue="Zoey" disabled />}
            </Field>
            <FormActions submitLabel={t('panel.gallery.demo.save')} busy onCancel={() => {}} />
          </form>
        </State>
      </Specimen>
      <Specimen name="FieldRow" use={t('panel.gallery.use.fieldrow')}>
        <State label={t('panel.gallery.state.fields-and-a-button')} wide>
          <FieldRow actions={<Button variant="primary">{t('panel.gallery.demo.exceptPlayer')}</Button>}>
            <Field label={t('panel.gallery.demo.steamIdOrProfile')}>
              {(control) => <Input {...control} placeholder="STEAM_0:1:…" />}
            </Field>
            <Field label={t('panel.gallery.demo.why')}>
              {(control) => <Input {...control} defaultValue={t('panel.gallery.demo.whyValue')} />}
            </Field>
          </FieldRow>
        </State>
        <State label={t('panel.gallery.state.with-an-error-an-icon-button')} wide>
          <FieldRow
            actions={
              <Button
                variant="invisible"
                icon="delete"
                aria-label={t('panel.gallery.demo.removePattern', { number: 1 })}
              />
            }
          >
            <Field label={t('panel.gallery.demo.pattern', { number: 1 })} error={t('panel.gallery.demo.patternError')}>
              {(control) => <Input {...control} defaultValue="**" />}
            </Field>
            <Field label={t('panel.gallery.demo.category', { number: 1 })}>
              {(control) => (
                <Select {...control} defaultValue="cheating">
                  <option value="cheating">{t('panel.gallery.demo.cheating')}</option>
                  <option value="abuse">{t('panel.gallery.demo.abuse')}</option>
                </Select>
              )}
            </Field>
          </FieldRow>
        </State>
      </Specimen>
    </>
  );
}

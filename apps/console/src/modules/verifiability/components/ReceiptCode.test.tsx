import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReceiptCode } from './ReceiptCode';

describe(ReceiptCode.name, () => {
  it('reads as one code but wraps only between its groups of four', () => {
    render(<ReceiptCode receipt="AB12CD34EF56GH" />);
    const code = screen.getByLabelText('Receipt code');
    expect(code.textContent).toBe('AB12-CD34-EF56-GH');
    const groups = [...code.querySelectorAll('.receipt-group')].map(
      (group) => group.textContent,
    );
    expect(groups).toEqual(['AB12-', 'CD34-', 'EF56-', 'GH']);
    // a break opportunity between groups, and none inside one (nowrap in styles.css)
    expect(code.querySelectorAll('wbr')).toHaveLength(3);
    expect(
      [...code.childNodes].every(
        (node) =>
          node.nodeName === 'WBR' ||
          (node as Element).classList.contains('receipt-group'),
      ),
    ).toBe(true);
  });
});

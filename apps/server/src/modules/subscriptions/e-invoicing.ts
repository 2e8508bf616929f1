/**
 * E-invoicing (GST, rule 48(4)): a B2B invoice is registered with an Invoice Registration Portal
 * (IRP), which answers its Invoice Reference Number (IRN, the SHA-256 of the supplier's GSTIN,
 * financial year, document type and number), an acknowledgement and a QR code signed by the IRP,
 * printed on the invoice. Behind this interface: an HTTP client of the IRP's API, and the local
 * double in tools/payment-gateway for tests and the demo.
 */
export interface EInvoicing {
  register(invoice: EInvoiceRequest): Promise<{ irn: string; ackNo: string; signedQr: string }>;
}

export interface EInvoiceRequest {
  supplierGstin: string;
  recipientGstin: string;
  /** INV or CRN. */
  documentType: 'INV' | 'CRN';
  number: string;
  /** DD/MM/YYYY as the IRP's schema writes dates. */
  date: string;
  placeOfSupply: string;
  /** Rupees, two decimals, as the schema has them. */
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
  items: { sac: string; description: string; quantity: number; unitPrice: number; taxable: number }[];
}

/** An IRP's API over fetch: POST {baseUrl}/eicore/v1.03/Invoice with the user's token. */
export class IrpHttpClient implements EInvoicing {
  constructor(private readonly config: { baseUrl: string; token: string }) {}

  async register(invoice: EInvoiceRequest) {
    const res = await fetch(`${this.config.baseUrl.replace(/\/$/, '')}/eicore/v1.03/Invoice`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.config.token}` },
      body: JSON.stringify({
        Version: '1.1',
        TranDtls: { TaxSch: 'GST', SupTyp: 'B2B' },
        DocDtls: { Typ: invoice.documentType, No: invoice.number, Dt: invoice.date },
        SellerDtls: { Gstin: invoice.supplierGstin },
        BuyerDtls: { Gstin: invoice.recipientGstin, Pos: invoice.placeOfSupply },
        ItemList: invoice.items.map((i, n) => ({ SlNo: String(n + 1), IsServc: 'Y', HsnCd: i.sac, PrdDesc: i.description, Qty: i.quantity, UnitPrice: i.unitPrice, AssAmt: i.taxable })),
        ValDtls: { AssVal: invoice.taxable, CgstVal: invoice.cgst, SgstVal: invoice.sgst, IgstVal: invoice.igst, TotInvVal: invoice.total },
      }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) {
      const text = await res.text();
      let reason = text.slice(0, 200);
      try {
        // The NIC schema's errors: { ErrorDetails: [{ ErrorCode, ErrorMessage }] }.
        const first = (JSON.parse(text) as { ErrorDetails?: { ErrorCode?: string; ErrorMessage?: string }[] }).ErrorDetails?.[0];
        if (first?.ErrorMessage) reason = `${first.ErrorMessage}${first.ErrorCode ? ` (error ${first.ErrorCode})` : ''}`;
      } catch {
        // Not JSON: the text itself says what went wrong.
      }
      throw new Error(`IRP answered ${res.status}: ${reason}`);
    }
    const body = (await res.json()) as { Irn: string; AckNo: string | number; SignedQRCode: string };
    return { irn: body.Irn, ackNo: String(body.AckNo), signedQr: body.SignedQRCode };
  }
}

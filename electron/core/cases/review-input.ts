/** A sanctions or PEP review as a person records it; `adverseSearchKYC` follows from the dispositions. */
export interface ReviewInput {
  pepConfirmReviewed: boolean;
  adverseSearchKYC?: boolean;
}
